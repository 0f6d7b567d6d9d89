values {
  a = coalescelist(1)
}
