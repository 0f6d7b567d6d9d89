values {
  a = hv.b
}
