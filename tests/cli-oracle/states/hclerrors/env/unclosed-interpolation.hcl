values {
  a = "${b"
}
