values {
  a =
}
