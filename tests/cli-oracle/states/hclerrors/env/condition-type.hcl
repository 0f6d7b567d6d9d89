values {
  a = "x" ? 1 : 2
}
