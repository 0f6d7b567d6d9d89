values {
  a = cidrsubnet("x", 1, 1)
}
