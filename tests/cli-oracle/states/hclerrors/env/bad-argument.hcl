values {
  a = upper(1, 2)
}
