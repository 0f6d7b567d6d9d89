values {
  a = pow("x", 2)
}
