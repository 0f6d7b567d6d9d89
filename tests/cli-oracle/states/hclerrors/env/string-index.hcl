values {
  a = "x"[0]
}
