values {
  a = 1e
}
