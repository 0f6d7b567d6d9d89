values {
  a = [][0]
}
