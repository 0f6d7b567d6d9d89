values {
  a = 0/0
}
