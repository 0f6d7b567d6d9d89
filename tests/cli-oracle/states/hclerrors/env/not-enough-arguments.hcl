values {
  a = upper()
}
