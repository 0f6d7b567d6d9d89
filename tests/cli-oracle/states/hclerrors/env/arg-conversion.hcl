values {
  a = upper([1])
}
