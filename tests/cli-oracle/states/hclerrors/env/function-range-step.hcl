values {
  a = range(1, 2, 0)
}
