values {
  a = upper(null)
}
