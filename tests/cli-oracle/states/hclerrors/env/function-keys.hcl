values {
  a = keys(1)
}
