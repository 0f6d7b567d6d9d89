values "x" {
  a = 1
}
