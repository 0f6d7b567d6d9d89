values {
  a = 1/0 - 1/0
}
