values {
  a = “x”
}
