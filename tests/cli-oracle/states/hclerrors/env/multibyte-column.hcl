values {
  a = "é" + 1
}
