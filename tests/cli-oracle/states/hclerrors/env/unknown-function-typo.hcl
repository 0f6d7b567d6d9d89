values {
  a = lenght("x")
}
