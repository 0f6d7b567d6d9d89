values {
  a = regex("x", "abc")
}
