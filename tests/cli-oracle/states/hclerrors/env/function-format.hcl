values {
  a = format("%d", "x")
}
