values {
  a = yamlencode()
}
