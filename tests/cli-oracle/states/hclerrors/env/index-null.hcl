values {
  a = null
  b = hv.a[0]
}
