values {
  a = element([], 0)
}
