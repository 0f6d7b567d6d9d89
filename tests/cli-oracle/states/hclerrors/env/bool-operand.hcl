values {
  a = 1 + true
}
