values {
  a = [1][5]
}
