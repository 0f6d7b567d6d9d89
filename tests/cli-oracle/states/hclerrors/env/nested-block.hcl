values {
  x {
  }
}
