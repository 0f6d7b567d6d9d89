values {
  a = [1][null]
}
