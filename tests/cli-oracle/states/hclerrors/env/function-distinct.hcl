values {
  a = distinct(1)
}
