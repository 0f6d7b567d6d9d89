values {
  a = -1/0
}
