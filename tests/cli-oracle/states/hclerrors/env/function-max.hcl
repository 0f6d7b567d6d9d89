values {
  a = max()
}
