values {
  a = format("%s %s", "x")
}
