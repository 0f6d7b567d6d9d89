values {
  a = max(null...)
}
