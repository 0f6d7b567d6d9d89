values {
  a = `x`
}
