values {
  a = reverselist(1)
}
