values {
  a = int("x")
}
