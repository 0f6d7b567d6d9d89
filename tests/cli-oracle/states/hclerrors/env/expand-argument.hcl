values {
  a = max(1...)
}
