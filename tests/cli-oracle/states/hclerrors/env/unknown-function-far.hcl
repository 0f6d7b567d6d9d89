values {
  a = frobnicate("x")
}
