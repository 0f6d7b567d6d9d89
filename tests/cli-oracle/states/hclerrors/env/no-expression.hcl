values {
  a = 
}
