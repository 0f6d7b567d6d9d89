values {
  a == 1
}
