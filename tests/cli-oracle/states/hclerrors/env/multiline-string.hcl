values {
  a = "x
}
