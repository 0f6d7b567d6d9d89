values {
  a = hv.missing
}
