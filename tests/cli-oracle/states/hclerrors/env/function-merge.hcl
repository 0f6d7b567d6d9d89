values {
  a = merge(1)
}
