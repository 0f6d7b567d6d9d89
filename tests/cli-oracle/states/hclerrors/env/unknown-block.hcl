settings {
  a = 1
}
