values {
  a = 1,
}
