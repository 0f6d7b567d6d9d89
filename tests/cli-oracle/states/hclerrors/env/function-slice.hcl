values {
  a = slice([1, 2], 1, 0)
}
