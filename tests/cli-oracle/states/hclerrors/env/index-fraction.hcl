values {
  a = [1][0.5]
}
