values {
  a = 'x'
}
