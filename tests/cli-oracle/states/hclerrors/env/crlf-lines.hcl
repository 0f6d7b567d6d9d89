values {
  a = "x"
  b = 1 + true
}
