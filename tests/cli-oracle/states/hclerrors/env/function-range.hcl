values {
  a = range()
}
