values {
  a = uper("x")
}
