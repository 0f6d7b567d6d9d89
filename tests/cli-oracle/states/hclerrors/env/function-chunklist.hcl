values {
  a = chunklist([1], -1)
}
